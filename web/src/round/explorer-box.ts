// The opening explorer (explorer/panel.ts) on the game page: on the analysis board, and on the
// game's own page once it is over, for the position shown on the board (it follows the move
// list), from this server's games or the imported ones (a switch). Not during play: the
// explorer would be help from outside the game (FIDE Laws 11.3.1).

import { createExplorer } from '../explorer/panel';
import type { RoundModel } from './controller';

export interface ExplorerBox {
  update(): void; // the game or the ply shown changed
}

export function mountExplorerBox(box: HTMLElement, round: RoundModel): ExplorerBox {
  // Made when first shown: on a game's page, once it has ended (so it asks after the game counts).
  let explorer: ReturnType<typeof createExplorer> | null = null;
  return {
    update() {
      const shown = round.analysis || round.game.status !== 'active';
      box.hidden = !shown;
      if (!shown) return;
      if (!explorer) {
        explorer = createExplorer({ idPrefix: 'explorer', sources: ['games', 'imported'], headingLevel: 'h2' });
        box.append(explorer.element);
      }
      explorer.show({ base: { fen: round.fenAt(round.viewPly) }, play: [] });
    },
  };
}

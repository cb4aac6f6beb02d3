// The game page's controller: the game as this browser knows it and every change to it. The
// live channel (live/live.ts) brings the whole game, moves, states and the room; they are
// applied by ply (model.ts), a gap asking for the whole game again. It holds what is legal now,
// sends moves and actions, decides what is said aloud (text.ts), and asks the board
// (board/board.ts) and the view (view.ts) to draw what changed; they read the state back from
// it (RoundModel).

import type { AccountGame } from '../account/api';
import type { GameBoard } from '../board/board';
import { type BoardMove, boardMoves } from '../board/moves';
import { parseTypedMove } from '../board/notation';
import {
  type Analysis,
  api,
  type Color,
  type GameAction,
  type GameState,
  type GameView,
  type MoveUpdate,
  type Room,
  type TakebackUpdate,
} from '../common/api';
import { t } from '../common/i18n';
import { notify } from '../common/notify';
import { loadPrefs } from '../common/prefs';
import { loadSeats, saveSeats, type Seats } from '../common/seats';
import { playSound } from '../common/sound';
import { toast } from '../common/ui';
import { connectLive } from '../live/live';
import type { ConnectionStatus, LiveChannel, Transport } from '../live/types';
import { opponentMoved } from '../lobby/turns';
import { type Applied, applyMove, applyState, applyView, fenAt, inCheckAt, turnAt } from './model';
import { awaitSettled, isSettled, loadPlayers, ratingsSaid } from './players';
import { applyTakeback, isViewAfterTakeback, takebackAnnouncement } from './takeback';
import { gameChangeSaid, opposite, playerName, plyLabel, roomChangeSaid, type Seating } from './text';

const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));

// What the view and the board read: the state, never changed by them.
export interface RoundModel {
  readonly id: string;
  readonly analysis: boolean; // the analysis board: the game's positions, nothing to play
  readonly seats: Seats;
  // The seat the signed-in account plays by the session cookie (a game from the lobby), if any.
  readonly accountSeat: Color | null;
  // A game from the lobby: the players' accounts and, once rated, their rating changes.
  readonly accountGame: AccountGame | null;
  readonly game: GameView;
  readonly room: Room | null;
  readonly connection: ConnectionStatus;
  readonly viewPly: number; // the ply shown (navigation), game.ply when following the game
  readonly orientation: Color;
  readonly clockReadAt: number; // local time when game.clock was received (no clock skew)
  mine(c: Color): boolean;
  holdsSeat(): boolean;
  singleSeat(): Color | null;
  actingSeat(): Color | null;
  fenAt(ply: number): string;
  turnAt(ply: number): Color;
  playerName(c: Color): string;
  seating(): Seating;
}

// What the controller asks of the view when the state changed.
export interface RoundUi {
  redraw(): void; // the whole side panel
  redrawNavigation(): void; // what depends on the ply shown
  redrawOrientation(): void; // what depends on the board's orientation
  redrawClocks(): void;
  redrawConnection(): void;
  redrawPlayers(): void; // the accounts' names and rating changes
  announce(text: string): void; // said by a screen reader
  moveError(text: string): void; // shown under the move input ('' clears it)
  flashBrowsing(): void; // "you are looking at an earlier move"
  analysisPending(): void;
  analysisFailed(message: string): void;
  showAnalysis(ply: number, analysis: Analysis): void;
}

export type RoundBoard = Pick<GameBoard, 'draw' | 'sync' | 'syncLater' | 'showOwnMove' | 'revert' | 'setOrientation' | 'showBest'>;

export type RematchAnswerKind = 'offer' | 'offer-new' | 'accept' | 'decline';

// The server announces a flag fall itself (a `state` event); should that not come within a
// couple of seconds of a clock showing zero, ask once for the whole game.
const FLAG_GRACE_MS = 2000;

export class Round implements RoundModel {
  game: GameView;
  room: Room | null = null;
  accountGame: AccountGame | null = null;
  connection: ConnectionStatus = 'connecting';
  viewPly: number;
  orientation: Color;
  clockReadAt = Date.now();
  private live: LiveChannel | null = null;
  private legal: BoardMove[] = []; // the moves of the side to move at legalPly
  private legalPly = -1;
  private legalAsked = -1; // the ply they were last asked for
  private sending = false;
  private flagAskedAt = -1;
  private entering = false;
  private settling = false;
  private readonly analyses = new Map<string, Analysis>();
  private analysisSeq = 0;
  private board!: RoundBoard;
  private ui!: RoundUi;

  constructor(
    readonly id: string,
    readonly seats: Seats,
    game: GameView,
    readonly analysis: boolean,
    readonly accountSeat: Color | null = null,
  ) {
    this.game = game;
    this.viewPly = game.ply;
    this.orientation = this.mine('white') || !this.mine('black') ? 'white' : 'black';
    if (this.mine('white') && this.mine('black')) this.orientation = 'white';
  }

  attach(board: RoundBoard, ui: RoundUi): void {
    this.board = board;
    this.ui = ui;
  }

  // --- Who this browser is -------------------------------------------------------------------

  mine = (c: Color) => (!!this.seats[c] || this.accountSeat === c) && this.game.engineColor !== c;
  holdsSeat = () => this.mine('white') || this.mine('black');
  // The one seat this browser plays (not both, as when friends share a device): premoves,
  // "your move", the name it says.
  singleSeat = (): Color | null =>
    this.mine('white') && !this.mine('black') ? 'white' : this.mine('black') && !this.mine('white') ? 'black' : null;
  // The seat that acts for this browser: the side to move when it holds both.
  actingSeat = (): Color | null =>
    this.mine(this.game.turn) ? this.game.turn : this.mine(opposite(this.game.turn)) ? opposite(this.game.turn) : null;
  // The seat this browser answers a rematch with (the first it holds).
  rematchSeat = (): Color | null => (this.mine('white') ? 'white' : this.mine('black') ? 'black' : null);
  private tokenOf = (c: Color) => this.seats[c];
  // What the live channel speaks for a seat with: its token, '' for the account's (the cookie).
  private seatToken = (c: Color) => (!this.mine(c) ? undefined : (this.seats[c] ?? (this.accountSeat === c ? '' : undefined)));

  playerName = (c: Color) =>
    this.accountGame?.[c].name ?? playerName(c, this.game, this.room, this.singleSeat(), loadPrefs().name.trim());
  seating = (): Seating => ({ single: this.singleSeat(), mine: this.mine, name: this.playerName });

  // --- The position and what may be played -----------------------------------------------------

  fenAt = (ply: number) => fenAt(this.game, ply);
  turnAt = (ply: number): Color => turnAt(this.game, ply);
  checkAt = (ply: number) => inCheckAt(this.game, ply);
  canPlay = () =>
    !this.analysis &&
    this.game.status === 'active' &&
    this.viewPly === this.game.ply &&
    this.mine(this.game.turn) &&
    !this.sending &&
    !this.game.thinking;
  // The seat whose moves become premoves while the opponent moves.
  premover = () => (!this.analysis && this.game.status === 'active' && this.viewPly === this.game.ply ? this.singleSeat() : null);
  legalMoves = () => this.legal;
  legalReady = () => this.legalPly === this.game.ply;

  // The legal moves after loading or resyncing the whole game (a move update brings its own).
  async fetchLegal() {
    const game = this.game;
    if (game.status !== 'active' || !this.mine(game.turn) || this.legalPly === game.ply || this.legalAsked === game.ply) return;
    const ply = game.ply;
    this.legalAsked = ply;
    try {
      const { moves } = await api.legal(this.id, this.seats[game.turn]);
      if (this.game.ply !== ply || this.legalPly === ply) return;
      this.setLegal(ply, this.game.fen, moves.map(m => m.uci));
    } catch (e) {
      this.legalAsked = -1;
      toast(t('game.legalFailed', { error: (e as Error).message }));
    }
  }

  private setLegal(ply: number, fen: string, ucis: string[]) {
    this.legal = boardMoves(fen, ucis);
    this.legalPly = ply;
    this.board.syncLater();
  }

  // --- Live updates (live/live.ts): applied by ply (model.ts); a gap asks for the whole game ---

  private adopt(applied: Applied): boolean {
    if (applied.kind === 'gap') void this.resync();
    if (applied.kind !== 'applied') return false;
    const following = this.viewPly === this.game.ply;
    const before = this.game;
    this.game = applied.game;
    try {
      this.tellChanges(before, this.game);
    } catch (e) {
      console.warn('could not tell the change', e); // never at the cost of the game's update
    }
    this.clockReadAt = Date.now();
    if (following || this.viewPly > this.game.ply) this.viewPly = this.game.ply;
    this.ui.redraw();
    void this.board.draw();
    if (before.status === 'active' && this.game.status !== 'active') void this.followRatings();
    return true;
  }

  // What changed between two versions of the game, said aloud (and heard as sounds).
  private tellChanges(before: GameView, after: GameView) {
    if (this.analysis) return;
    const said = gameChangeSaid(before, after, this.seating());
    if (said.played) {
      this.ui.announce(said.played.text);
      playSound(said.played.sound);
    }
    const end = said.ended;
    if (end !== null) {
      setTimeout(() => this.ui.announce(end), 600); // after the move that ended it
      playSound('end');
    }
    if (said.drawOffer !== null) this.ui.announce(said.drawOffer);
    const takeback = takebackAnnouncement(before, after, this.singleSeat(), this.playerName);
    if (takeback) this.ui.announce(takeback);
    // Away from the tab (a correspondence game waits for days): a notification, when allowed.
    const seat = this.singleSeat();
    if (typeof document !== 'undefined' && document.hidden && after.opponent !== 'engine' && opponentMoved(before, after, seat))
      notify(t('corr.notifyTitle'), t('corr.notifyBody', { name: this.playerName(opposite(seat!)) }), `/game/${encodeURIComponent(this.id)}`);
  }

  onGame = (view: GameView) => {
    // A whole game with fewer moves may be the game after a takeback missed while reconnecting.
    const applied: Applied = isViewAfterTakeback(this.game, view) ? { kind: 'applied', game: view } : applyView(this.game, view);
    if (this.adopt(applied)) void this.fetchLegal();
  };

  onMove = (update: MoveUpdate) => {
    if (this.adopt(applyMove(this.game, update))) this.setLegal(update.state.ply, update.state.fen, update.legal);
  };

  onTakeback = (update: TakebackUpdate) => {
    if (this.adopt(applyTakeback(this.game, update))) this.setLegal(update.state.ply, update.state.fen, update.legal);
  };

  onState = (state: GameState) => {
    this.adopt(applyState(this.game, state));
  };

  async resync() {
    if (!this.live) return;
    try {
      await this.live.resync();
    } catch (e) {
      console.warn('resync failed (the reconnection brings the game)', e);
    }
  }

  onStatus = (next: ConnectionStatus) => {
    const before = this.connection;
    this.connection = next;
    this.ui.redrawConnection();
    if (next === 'connected') {
      this.ui.moveError('');
      if (before === 'reconnecting' || before === 'offline') this.ui.announce(t('game.connectedAgain'));
      void this.fetchLegal();
    } else if (before === 'connected') {
      this.ui.announce(t('game.connectionLost'));
    }
    this.ui.redrawClocks();
    this.board.syncLater();
  };

  // Live: the WebSocket, else the event stream and POSTs; its first message is the whole game.
  connect(debug: { status(s: ConnectionStatus): void; transport(t: Transport): void }) {
    this.live = connectLive(
      this.id,
      { white: this.seatToken('white'), black: this.seatToken('black') },
      {
        game: this.onGame,
        move: this.onMove,
        state: this.onState,
        takeback: this.onTakeback,
        room: this.onRoom,
        status: s => {
          debug.status(s);
          this.onStatus(s);
        },
        connection: debug.transport,
      },
    );
  }

  // Every 200 ms: the clocks, and the flag fall the server should have announced by now.
  tick() {
    this.ui.redrawClocks();
    const game = this.game;
    const clock = game.clock;
    const running = clock?.running;
    if (!clock || !running || game.status !== 'active' || this.flagAskedAt === game.ply || this.connection !== 'connected') return;
    if (Date.now() - this.clockReadAt > clock[running] + FLAG_GRACE_MS) {
      this.flagAskedAt = game.ply;
      void this.resync();
    }
  }

  // --- Input -------------------------------------------------------------------------------

  // A piece picked up while looking at an earlier move: say how to get back to the game.
  onSelect = () => {
    if (!this.analysis && this.viewPly !== this.game.ply && this.game.status === 'active' && this.holdsSeat()) {
      this.ui.flashBrowsing();
      this.ui.announce(t('game.viewingHint', { ply: plyLabel(this.game.initialFen, this.viewPly) }));
    }
  };

  private refuseMove(text: string) {
    this.ui.moveError(text);
    this.ui.announce(text);
  }

  // A move typed into the move input: the move to play, or null when it is refused (its reason
  // shown under the input and said aloud).
  typedMove(text: string): BoardMove | null {
    const game = this.game;
    if (!this.holdsSeat()) return this.refuse(t('game.watching'));
    if (game.status !== 'active') return this.refuse(t('game.isOver'));
    if (!this.live || this.connection !== 'connected') return this.refuse(t('game.offlineRefused'));
    if (!this.mine(game.turn)) return this.refuse(t('game.notYourMove', { name: this.playerName(game.turn) }));
    if (game.thinking) return this.refuse(t('game.computerThinking'));
    if (this.viewPly !== game.ply) this.goTo(game.ply);
    if (this.legalPly !== game.ply || this.sending) return this.refuse(t('game.legalComing'));
    const typed = parseTypedMove(text, game.fen, this.legal);
    if (typed.kind === 'error') return this.refuse(typed.message);
    return typed.move;
  }

  private refuse(text: string): null {
    this.refuseMove(text);
    return null;
  }

  // Plays a move: animates it at once, then sends it; the server's answer is the truth.
  async play(move: BoardMove, fromBoard: boolean) {
    const ply = this.game.ply;
    if (!this.live || this.connection !== 'connected') {
      // Never lost in silence: the move is refused here, and the board shows the game as it is.
      this.refuseMove(t('game.notSentOffline'));
      this.board.revert();
      return;
    }
    this.ui.moveError('');
    this.sending = true;
    this.board.sync();
    this.board.showOwnMove(move, ply, fromBoard);
    try {
      await this.live.move(this.game.turn, move.uci, ply); // its answer reaches onMove
      this.sending = false;
      this.board.syncLater();
    } catch (e) {
      this.sending = false;
      this.refuseMove(t('game.notPlayed', { error: (e as Error).message }));
      this.board.revert();
      void this.resync();
    }
  }

  // --- Navigation ----------------------------------------------------------------------------

  goTo(ply: number) {
    this.viewPly = Math.max(0, Math.min(this.game.ply, ply));
    this.ui.redrawNavigation();
    void this.board.draw();
    if (this.analysis) void this.analyse(this.viewPly);
  }

  flip() {
    this.orientation = opposite(this.orientation);
    this.board.setOrientation(this.orientation);
    this.ui.redrawOrientation();
  }

  // --- Actions (resign, draws, abort) ----------------------------------------------------------

  async act(action: GameAction, color: Color | null) {
    if (!color || !this.live) return;
    try {
      await this.live.act(color, action); // its answer reaches onState
    } catch (e) {
      toast((e as Error).message);
    }
  }

  // The draw offer is answered by the seat it was made to.
  answerDraw(action: 'draw/accept' | 'draw/decline') {
    const offer = this.game.drawOffer;
    return this.act(action, offer ? opposite(offer) : null);
  }

  // --- Names, presence and rematch (the room) --------------------------------------------

  // Says this browser's name for its seat when the room does not have it (a new game, or after
  // the server restarted): the name lives in the browser.
  private async sayName() {
    const seat = this.singleSeat();
    const name = loadPrefs().name.trim();
    // The players of a game from the lobby are their accounts.
    if (this.accountSeat || this.accountGame) return;
    if (!seat || !name || !this.room || this.room[seat].name === name || this.analysis) return;
    try {
      await api.setName(this.id, name, this.tokenOf(seat)!);
    } catch (e) {
      console.warn('could not set the name', e);
    }
  }

  onRoom = (next: Room) => {
    const before = this.room;
    this.room = next;
    for (const text of roomChangeSaid(before, next, this.seats.invite?.color, this.seating())) this.ui.announce(text);
    this.ui.redraw();
    void this.sayName();
    if (next.rematch.gameId && next.rematch.gameId !== before?.rematch.gameId) void this.joinRematch();
  };

  async answerRematch(answer: RematchAnswerKind) {
    let seat = this.rematchSeat();
    if (!seat) return;
    const { id, room } = this;
    // Accepting is the other seat's answer (both seats on one device: the one that did not offer).
    const offeredBy = room?.rematch.offeredBy;
    if ((answer === 'accept' || answer === 'decline') && offeredBy && this.mine(opposite(offeredBy))) seat = opposite(offeredBy);
    try {
      const reply =
        answer === 'decline'
          ? await api.declineRematch(id, this.tokenOf(seat)!)
          : await api.rematch(id, answer === 'offer-new' || (answer === 'accept' && !!room?.rematch.newPosition), this.tokenOf(seat)!);
      // Friends on one device: the offer is accepted by the other seat at once.
      if (!reply.game && answer !== 'decline' && this.mine('white') && this.mine('black')) {
        const other = await api.rematch(id, answer === 'offer-new', this.tokenOf(opposite(seat))!);
        if (other.game) return await this.enterRematch(other.room, other.game);
        return this.onRoom(other.room);
      }
      if (reply.game) return await this.enterRematch(reply.room, reply.game);
      this.onRoom(reply.room);
    } catch (e) {
      toast((e as Error).message);
    }
  }

  // The rematch exists: this browser's seats in it (colours swapped), then the new game.
  private async joinRematch() {
    const seat = this.rematchSeat();
    if (!seat) return;
    try {
      const reply = await api.rematchGame(this.id, this.tokenOf(seat)!);
      if (reply.game) await this.enterRematch(reply.room, reply.game);
    } catch (e) {
      toast((e as Error).message);
    }
  }

  private async enterRematch(next: Room, created: { id: string; token: string | null }) {
    if (this.entering) return;
    this.entering = true;
    const newSeats = loadSeats(created.id);
    for (const c of ['white', 'black'] as const) {
      if (!this.mine(c)) continue;
      const token = c === this.rematchSeat() ? created.token : (await api.rematchGame(this.id, this.tokenOf(c)!)).game?.token;
      if (token) newSeats[opposite(c)] = token;
    }
    saveSeats(created.id, newSeats);
    this.room = next;
    location.href = `/game/${created.id}`;
  }

  // --- The accounts of a game from the lobby ----------------------------------------------

  // The game's accounts, when it is an account game; then, if it is over, its rating changes.
  async loadAccounts() {
    try {
      const players = await loadPlayers(this.id);
      if (!players) return;
      this.accountGame = players;
      this.ui.redraw();
      if (this.game.status !== 'active') void this.followRatings();
    } catch (e) {
      console.warn('could not read the players of the game', e);
    }
  }

  // After the end: asks for the players until the server has rated the game, then says how the
  // ratings changed.
  private async followRatings() {
    if (!this.accountGame || this.settling || isSettled(this.accountGame)) return;
    this.settling = true;
    const settled = await awaitSettled(this.id, players => {
      this.accountGame = players;
      this.ui.redrawPlayers();
    });
    this.settling = false;
    if (settled?.rated && !this.analysis) this.ui.announce(ratingsSaid(settled));
  }

  // --- The analysis board ------------------------------------------------------------------

  private async analyse(ply: number) {
    const fen = this.fenAt(ply);
    const seq = ++this.analysisSeq;
    let result = this.analyses.get(fen);
    if (!result) {
      this.ui.analysisPending();
      await sleep(120); // stepping quickly through moves asks only for where it stops
      if (seq !== this.analysisSeq) return;
      try {
        result = await api.analyse(fen);
        this.analyses.set(fen, result);
      } catch (e) {
        if (seq === this.analysisSeq) this.ui.analysisFailed((e as Error).message);
        return;
      }
    }
    if (seq !== this.analysisSeq) return;
    this.ui.showAnalysis(ply, result);
    this.board.showBest(result.best);
  }

  // "Continue from here": a new game against the computer from the position shown.
  async continueFromHere() {
    const fen = this.fenAt(this.viewPly);
    const turn = this.turnAt(this.viewPly);
    try {
      const created = await api.createGame({
        opponent: 'engine',
        color: turn,
        level: Number(loadPrefs().level) || 3,
        start: { type: 'fen', fen },
        clock: null,
      });
      const newSeats = loadSeats(created.id);
      Object.assign(newSeats, created.tokens);
      saveSeats(created.id, newSeats);
      location.href = `/game/${created.id}`;
    } catch (e) {
      toast((e as Error).message);
    }
  }
}

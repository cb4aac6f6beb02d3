// The move list's rows (view.ts draws them): one per move number, white's move then black's.
// A game that starts with black to move (a position from a FEN) begins its first row with an
// empty place for white. Pure, tested with `node --test`.

export type MoveCell = { ply: number; san: string } | null; // null: the empty place before black's first move

export interface MoveRow {
  number: number;
  cells: MoveCell[];
}

export function moveRows(initialFen: string, sans: readonly string[]): MoveRow[] {
  const [, side, , , , fullmove] = initialFen.split(' ');
  let number = Number(fullmove) || 1;
  const rows: MoveRow[] = [];
  let row: MoveRow | null = null;
  sans.forEach((san, i) => {
    const white = (i + (side === 'b' ? 1 : 0)) % 2 === 0;
    if (white || !row) {
      row = { number, cells: white ? [] : [null] };
      rows.push(row);
    }
    row.cells.push({ ply: i + 1, san });
    if (!white) number += 1;
  });
  return rows;
}

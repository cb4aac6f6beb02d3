// NDJSON (one JSON value a line, as GET /api/db/games answers): the values of a text. Blank
// lines (the last newline, a stream's keep-alive) are skipped; a line that is not JSON is an
// error naming the line, rather than a game silently missing from the list.

export function parseNdjson<T>(text: string): T[] {
  const values: T[] = [];
  text.split('\n').forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    try {
      values.push(JSON.parse(trimmed) as T);
    } catch {
      throw new Error(`line ${i + 1} of the answer is not JSON: ${trimmed.slice(0, 40)}`);
    }
  });
  return values;
}

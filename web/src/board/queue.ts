// The board's drawing queue (board.ts): jobs run one after another, each waiting for the one
// before it to finish, so that a castling animation (king lifted, rook moved, king placed) is
// never cut by the next update. A job that fails is reported and the queue goes on. Pure,
// tested with `node --test`.

export type Job = () => Promise<void> | void;
export type Schedule = (job: Job) => Promise<void>;

export function createQueue(onError: (e: unknown) => void = e => console.error(e)): Schedule {
  let tail: Promise<void> = Promise.resolve();
  return job => {
    tail = tail.then(job).catch(onError);
    return tail;
  };
}

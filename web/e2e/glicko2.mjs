// Glicko-2 as Glickman's paper gives it (http://www.glicko.net/glicko/glicko2.pdf, steps 1-8),
// computed by the end-to-end tests on their own to check the ratings the pages show.

const SCALE = 173.7178;

// One player's rating after one rating period of `games` ({rating, deviation, score}); `periods`
// is step 6's (1 in the paper; 0 as lichess rates each game as a period of its own).
export function glicko2(player, games, { tau, periods = 1 }) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const g = p => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  let information = 0;
  let surprise = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const gJ = g(game.deviation / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    information += gJ * gJ * e * (1 - e);
    surprise += gJ * (game.score - e);
  }
  const v = 1 / information;
  const delta = v * surprise;
  // Step 5: the volatility, by the Illinois algorithm, to epsilon 0.000001.
  const a = Math.log(sigma * sigma);
  const f = x => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 0.000001) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + periods * newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * surprise;
  return { rating: newMu * SCALE + 1500, deviation: newPhi * SCALE, volatility: newSigma };
}

// One game as lichess rates it (src/rating/rating.hpp, lila's Glicko): a rating period of its
// own (tau 0.75, no step-6 growth), then the change kept within 700 and the rating at least 400,
// the deviation within [45, 500] and the volatility at most 0.1.
export function lichessGame(player, opponent, score) {
  const r = glicko2(player, [{ rating: opponent.rating, deviation: opponent.deviation, score }], { tau: 0.75, periods: 0 });
  const rating = Math.min(Math.max(r.rating, player.rating - 700), player.rating + 700);
  return {
    rating: Math.max(rating, 400),
    deviation: Math.min(Math.max(r.deviation, 45), 500),
    volatility: Math.min(r.volatility, 0.1),
  };
}

// A game's name on its page (src/round/game-name.ts), as lichess names its games, in each of
// the page's languages: a game between two players by rating, speed and time control, an
// event's board by event and round, a game against the engine by its level.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLanguage } from '../src/common/i18n.ts';
import { gameName } from '../src/round/game-name.ts';

import { START, gameView } from './fixtures.mjs';

const clock = (initial, increment, extra = {}) => ({ white: initial * 1000, black: initial * 1000, initial: initial * 1000, increment: increment * 1000, running: null, at: 0, ...extra });
const game = extra => gameView(0, START, [], extra);

const games = {
  ratedBlitz: game({ rated: true, speed: 'blitz', clock: clock(300, 3) }),
  casualRapid: game({ rated: false, speed: 'rapid', clock: clock(600, 0) }),
  ratedCorrespondence: game({ rated: true, speed: 'correspondence', clock: clock(259200, 0, { daysPerMove: 3 }) }),
  casualBullet: game({ rated: false, speed: 'bullet', clock: clock(30, 0) }),
  ratedClassical: game({ rated: true, speed: 'classical', clock: clock(1800, 20) }),
  oneDay: game({ rated: false, speed: 'correspondence', clock: clock(86400, 0, { daysPerMove: 1 }) }),
  unlimited: game({ rated: false, speed: 'correspondence', clock: null }),
  eventBoard: game({ event: { id: 'e1', name: 'Spring Open', round: 3 }, speed: 'rapid', clock: clock(600, 5) }),
  engine: game({ opponent: 'engine', engineColor: 'black', level: 4, speed: 'blitz', clock: clock(300, 3) }),
};

const expected = {
  en: {
    ratedBlitz: 'Rated blitz · 5+3',
    casualRapid: 'Casual rapid · 10+0',
    ratedCorrespondence: 'Rated correspondence · 3 days',
    casualBullet: 'Casual bullet · ½+0',
    ratedClassical: 'Rated classical · 30+20',
    oneDay: 'Casual correspondence · 1 day',
    unlimited: 'Casual correspondence · ∞',
    eventBoard: 'Spring Open · Round 3',
    engine: 'Computer level 4',
  },
  de: {
    ratedBlitz: 'Blitz, gewertet · 5+3',
    casualRapid: 'Schnellschach, ungewertet · 10+0',
    ratedCorrespondence: 'Fernschach, gewertet · 3 Tage',
    casualBullet: 'Bullet, ungewertet · ½+0',
    ratedClassical: 'Klassisch, gewertet · 30+20',
    oneDay: 'Fernschach, ungewertet · 1 Tag',
    unlimited: 'Fernschach, ungewertet · ∞',
    eventBoard: 'Spring Open · Runde 3',
    engine: 'Computer Stufe 4',
  },
  fr: {
    ratedBlitz: 'Partie classée · blitz · 5+3',
    casualRapid: 'Partie amicale · rapide · 10+0',
    ratedCorrespondence: 'Partie classée · correspondance · 3 jours',
    casualBullet: 'Partie amicale · bullet · ½+0',
    ratedClassical: 'Partie classée · classique · 30+20',
    oneDay: 'Partie amicale · correspondance · 1 jour',
    unlimited: 'Partie amicale · correspondance · ∞',
    eventBoard: 'Spring Open · Ronde 3',
    engine: 'Ordinateur niveau 4',
  },
  hu: {
    ratedBlitz: 'Értékelt villám · 5+3',
    casualRapid: 'Barátságos rapid · 10+0',
    ratedCorrespondence: 'Értékelt levelező · 3 nap',
    casualBullet: 'Barátságos bullet · ½+0',
    ratedClassical: 'Értékelt klasszikus · 30+20',
    oneDay: 'Barátságos levelező · 1 nap',
    unlimited: 'Barátságos levelező · ∞',
    eventBoard: 'Spring Open · 3. forduló',
    engine: 'Számítógép, 4. szint',
  },
  ru: {
    ratedBlitz: 'Рейтинговая партия · блиц · 5+3',
    casualRapid: 'Товарищеская партия · рапид · 10+0',
    ratedCorrespondence: 'Рейтинговая партия · заочная · 3 дн.',
    casualBullet: 'Товарищеская партия · пуля · ½+0',
    ratedClassical: 'Рейтинговая партия · классика · 30+20',
    oneDay: 'Товарищеская партия · заочная · 1 день',
    unlimited: 'Товарищеская партия · заочная · ∞',
    eventBoard: 'Spring Open · Тур 3',
    engine: 'Компьютер, уровень 4',
  },
};

for (const [lang, names] of Object.entries(expected)) {
  test(`${lang}: a game is named by its rating and speed, its event and round, or the computer's level`, () => {
    setLanguage(lang);
    try {
      for (const [which, name] of Object.entries(names)) assert.equal(gameName(games[which]), name, which);
    } finally {
      setLanguage('en');
    }
  });
}

// The radio choices that more than one form offers (the start page's new game, the lobby's
// seek): a colour and a start position, in the page's words, as HTML.

import { t } from './i18n';

export type Choice = [value: string, label: string];

export const colorChoices = (): Choice[] => [
  ['white', t('color.White')],
  ['random', t('home.random')],
  ['black', t('color.Black')],
];

export const startChoices = (): Choice[] => [
  ['random', t('home.random')],
  ['number', t('home.byNumber')],
  ['double960', t('home.double960')],
];

// One labelled radio button a choice (the labels are the page's own words, never a person's).
export function radioHtml(name: string, choices: Choice[], checked: string): string {
  return choices
    .map(([value, label]) => `<label><input type="radio" name="${name}" value="${value}"${value === checked ? ' checked' : ''}> ${label}</label>`)
    .join('\n');
}

// The top bar of every page (index.html's .top-bar), in the page's language: the tagline, the
// castling help, and the language switch (remembered; the page is drawn again in the new
// language). The theme's switch joins it (theme.ts).

import { LANGUAGES, type Lang, language, t } from './i18n';
import { savePrefs } from './prefs';
import { el } from './ui';

export function setUpTopBar(): void {
  const bar = document.querySelector('.top-bar');
  if (!bar) return;
  const tagline = bar.querySelector('.tagline');
  if (tagline) tagline.textContent = t('top.tagline');
  bar.append(el('a', { href: '/help/castling', class: 'top-help', id: 'top-help' }, t('top.help')));
  const label = el('label', { class: 'lang-switch' });
  const select = el('select', { id: 'lang-switch', 'aria-label': t('language.label') });
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = el('option', { value: code, lang: code }, name);
    if (code === language()) option.selected = true;
    select.append(option);
  }
  select.onchange = () => {
    savePrefs({ lang: select.value as Lang });
    location.reload();
  };
  label.append(select);
  bar.append(label);
}

// Browser notifications when a game becomes the player's move: only once the player asked for
// them (the lobby's button, remembered in the prefs) and the browser allowed them.

import { loadPrefs, savePrefs } from './prefs';

export const notificationsSupported = () => typeof Notification !== 'undefined';

// Whether the page shows notifications now.
export const notifying = () => notificationsSupported() && loadPrefs().notify && Notification.permission === 'granted';

// Asks the browser (on the player's click, as browsers require); the answer is remembered.
export async function askToNotify(): Promise<NotificationPermission> {
  const answer = await Notification.requestPermission();
  savePrefs({ notify: answer === 'granted' });
  return answer;
}

export const stopNotifying = () => savePrefs({ notify: false });

// A notification that opens `href` when clicked; one per game (`href` is its tag), so a newer
// one replaces it.
export function notify(title: string, body: string, href: string): void {
  if (!notifying()) return;
  try {
    const shown = new Notification(title, { body, tag: href });
    shown.onclick = () => {
      window.focus();
      if (location.pathname !== href) location.href = href;
      shown.close();
    };
  } catch (e) {
    // Some mobile browsers only notify from a service worker: the page then stays silent.
    console.warn('could not show a notification', e);
  }
}

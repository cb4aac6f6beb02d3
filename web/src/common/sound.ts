// Move sounds: a short tick for a move, a lower one for a capture, two notes for the end of
// the game. Made with Web Audio (no sound files to serve); off with the switch (prefs.ts).

import { loadPrefs } from './prefs';

let context: AudioContext | null = null;

function tone(frequency: number, start: number, length: number, volume = 0.12) {
  if (!context) return;
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.frequency.value = frequency;
  osc.type = 'triangle';
  const t = context.currentTime + start;
  gain.gain.setValueAtTime(volume, t);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(gain).connect(context.destination);
  osc.start(t);
  osc.stop(t + length);
}

export type SoundKind = 'move' | 'capture' | 'end';

export function playSound(kind: SoundKind): void {
  if (!loadPrefs().sound) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    if (kind === 'move') tone(660, 0, 0.08);
    else if (kind === 'capture') tone(440, 0, 0.12, 0.16);
    else {
      tone(523, 0, 0.18);
      tone(392, 0.18, 0.3);
    }
  } catch {
    // no audio here (a browser without Web Audio, or one that refuses it): silence
  }
}

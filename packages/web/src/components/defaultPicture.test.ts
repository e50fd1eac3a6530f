import { describe, expect, it } from 'vitest';
import { AVATAR_HUE_STEP, avatarBackground, avatarLightness, contrastWithWhite, hueOf, initialsOf, isDefaultAvatar } from './defaultPicture';

/** sRGB of `hsl(h s% l%)`, computed independently of the module (the CSS formula by sector). */
function rgbOf(css: string): [number, number, number] {
  const [, h, s, l] = /hsl\((\d+) (\d+)% (\d+)%\)/.exec(css)!.map(Number) as [number, number, number, number];
  const c = (1 - Math.abs((2 * l) / 100 - 1)) * (s / 100);
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l / 100 - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [r + m, g + m, b + m];
}

describe('default pictures', () => {
  it('takes the initials of the first and last words of a name', () => {
    expect(initialsOf('Chloé Martin')).toBe('CM');
    expect(initialsOf('  élodie de la Tour ')).toBe('ÉT');
    expect(initialsOf('ruby')).toBe('R');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('Ana (she/her) 🌸')).toBe('AH');
    expect(initialsOf('jean_luc')).toBe('JL');
  });

  it('gives each account its own stable gradient, from its id', () => {
    const [chloe, marc] = ['0b6f3c1e-8a52-4d0e-9f57-3f1d2c9a4b10', '7d2e9a44-1c3b-4f6a-8e0d-5b9c7a2f1e63'];
    expect(hueOf(chloe)).toBe(hueOf(chloe));
    expect(hueOf(chloe)).not.toBe(hueOf(marc));
    expect(avatarBackground(chloe)).toBe(avatarBackground(chloe));
    expect(avatarBackground(chloe)).toMatch(/^linear-gradient\(135deg, hsl\(\d+ 55% \d+%\), hsl\(\d+ 55% \d+%\)\)$/);
    const [first, second] = avatarBackground(chloe)
      .match(/hsl\(\d+/g)!
      .map((h) => Number(h.slice(4)));
    expect(second).toBe((first! + AVATAR_HUE_STEP) % 360);
  });

  it('keeps white initials at 4.5:1 or more on every hue, so on both ends of every gradient (WCAG AA for small text), yellows and greens included', () => {
    for (let hue = 0; hue < 360; hue++) {
      const css = `hsl(${hue} 55% ${avatarLightness(hue)}%)`;
      expect(contrastWithWhite(rgbOf(css)), css).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('knows the default picture the server names', () => {
    expect(isDefaultAvatar('/images/default-avatar.svg')).toBe(true);
    expect(isDefaultAvatar(null)).toBe(true);
    expect(isDefaultAvatar('/media/a.jpg')).toBe(false);
  });
});

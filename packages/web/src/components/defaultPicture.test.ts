import { describe, expect, it } from 'vitest';
import { avatarBackground, avatarLightness, contrastWithWhite, hueOf, initialsOf, isDefaultAvatar } from './defaultPicture';

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

  it('gives each username its own stable colour', () => {
    expect(hueOf('chloe')).toBe(hueOf('chloe'));
    expect(hueOf('chloe')).not.toBe(hueOf('marc'));
    expect(avatarBackground('chloe')).toMatch(/^hsl\(\d+ 55% \d+%\)$/);
  });

  it('keeps white initials at 4.5:1 or more on every hue (WCAG AA for small text), yellows and greens included', () => {
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

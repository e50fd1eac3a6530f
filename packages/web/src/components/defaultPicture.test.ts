import { describe, expect, it } from 'vitest';
import { avatarBackground, hueOf, initialsOf, isDefaultAvatar } from './defaultPicture';

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
    expect(avatarBackground('chloe')).toMatch(/^hsl\(\d+ 55% 38%\)$/);
  });

  it('knows the default picture the server names', () => {
    expect(isDefaultAvatar('/images/default-avatar.svg')).toBe(true);
    expect(isDefaultAvatar(null)).toBe(true);
    expect(isDefaultAvatar('/media/a.jpg')).toBe(false);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { RichText } from '../components/RichText';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../api/client';
import { setLocale, t, translateError } from './index';

afterEach(() => setLocale('en'));

describe('web translator', () => {
  it('interpolates and picks plurals in the current language', async () => {
    await setLocale('en');
    expect(t('globalQuestionSent', { count: 12 })).toBe('Global question sent to 12 users successfully!');
    await setLocale('fr');
    expect(t('globalQuestionSent', { count: 1 })).toBe('Question globale envoyée à 1 utilisateur\u202f!');
    expect(t('remainingCharacters', { count: 283 })).toBe('283 caractères restants');
    // a grouped Activity row conjugates by how many people (English does not change)
    expect(t('startedFollowingYou', { count: 1 })).toBe('a commencé à vous suivre\u202f!');
    expect(t('startedFollowingYou', { count: 2 })).toBe('ont commencé à vous suivre\u202f!');
    expect(t('likedYourAnswer', { count: 10 })).toBe('ont aimé votre réponse');
    // 'de' elides before a vowel (decision 208)
    expect(t('viewProfilePicture', { fullname: 'Alice Martin' })).toBe('Voir la photo de profil d’Alice Martin');
    expect(t('profilePictureOf', { fullname: 'Marc Dupont' })).toBe('Photo de profil de Marc Dupont');
    await setLocale('en');
    expect(t('viewProfilePicture', { fullname: 'Alice Martin' })).toBe("View Alice Martin's profile picture");
    expect(t('startedFollowingYou', { count: 2 })).toBe('started following you!');
    expect(t('likedYourAnswer', { count: 1 })).toBe('liked your answer');
  });

  it('shows a server error in the user language, by its code', async () => {
    await setLocale('fr');
    expect(errorMessage(new ApiError(409, 'username_taken'))).toBe('Ce nom d’utilisateur est déjà pris');
    expect(errorMessage(new ApiError(409, 'already_answered'))).toBe('Cette question a déjà reçu une réponse.');
    expect(translateError({ code: 'muted_words_full', params: { max: 100 } })).toBe('Vous pouvez masquer au plus 100 mots. Retirez-en un d’abord.');
  });

  it('renders tags and icons inside a translated sentence', async () => {
    await setLocale('en');
    const html = renderToStaticMarkup(<RichText text={t('pwaIosStep1')} icon={<svg aria-label="share" />} />);
    expect(html).toBe('Touchez le bouton <strong>Partager</strong> <svg aria-label="share"></svg> en bas de Safari.');
  });
});

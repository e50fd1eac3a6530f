import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Bell, Home, MessageCircleQuestion, Send, Users } from 'lucide-react';
import { badgeText } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { useViewer } from '../session/api';
import { useNavBadges } from './useNavBadges';
import styles from './TabBar.module.css';
import { t } from '../../i18n';
import { scrollBehavior } from '../../components/motion';
import { leaveOrAsk } from '../../components/unsavedChanges';

const tabs = [
  { to: '/home', label: 'navHome', icon: Home, badge: null },
  { to: '/friends', label: 'navFriends', icon: Users, badge: null },
  { to: '/questions', label: 'navQuestions', icon: MessageCircleQuestion, badge: 'questions' },
  { to: '/notifications', label: 'navNotifications', icon: Bell, badge: 'notifications' },
] as const;

/** Hides when the page scrolls down, shows again on scroll up. */
function useHideOnScroll(): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - lastY.current) < 8) return;
      setHidden(y > lastY.current && y > 80);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return [hidden, setHidden];
}

/**
 * The main navigation: a bottom tab bar on phones; from 1,024 px a side navigation with the brand
 * and an 'Ask' button. `desktopOnly`: the side navigation alone, for screens without the tab bar
 * (another person's profile), so a desktop never loses its way around.
 */
export function TabBar({ desktopOnly = false }: { desktopOnly?: boolean }) {
  const viewer = useViewer();
  const badges = useNavBadges();
  const [hidden, setHidden] = useHideOnScroll();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // tapping the tab you are on scrolls to the top instead of navigating
  const onTabClick = (to: string) => (event: React.MouseEvent) => {
    if (pathname === to) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
      return;
    }
    // a screen with unsaved edits (Edit profile) asks first
    leaveOrAsk(event, () => void navigate(to));
  };

  return (
    // a keyboard user tabbing into the hidden bar brings it back: no focus stop out of sight
    <nav
      className={`${styles.bar} ${hidden ? styles.hidden : ''} ${desktopOnly ? styles.desktopOnly : ''}`}
      aria-label={t('navMain')}
      onFocus={() => setHidden(false)}
    >
      <Link to="/home" className={styles.brand} onClick={onTabClick('/home')}>
        <img src="/images/logo.svg" alt="" width={32} height={32} />
        {t('appName')}
      </Link>
      {tabs.map(({ to, label, icon: Icon, badge }) => {
        const count = badge ? badges[badge] : 0;
        return (
          <NavLink key={to} to={to} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`} onClick={onTabClick(to)}>
            <span className={styles.iconWrap}>
              <Icon size={24} aria-hidden />
              {count > 0 && (
                <span className={styles.badge} aria-hidden>
                  {badgeText(count)}
                </span>
              )}
            </span>
            <span className={styles.label}>
              <span aria-hidden={count > 0}>{t(label)}</span>
              {/* an aria-label on a plain span is not read: the link's name was '1Questions' */}
              {count > 0 && <span className="visually-hidden">{t('navBadge', { label: t(label), count })}</span>}
            </span>
          </NavLink>
        );
      })}
      {/* named by its label: the avatar (initials are text) is decoration here */}
      <NavLink to="/profile" className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`} onClick={onTabClick('/profile')}>
        <span className={styles.avatarRing} aria-hidden>
          <Avatar src={viewer.photoURL} name="" initialsFrom={viewer.fullname} seed={viewer.id} size={30} />
        </span>
        <span className={styles.label}>{t('navProfile')}</span>
      </NavLink>
      {/* asking starts with finding the person: the Friends search, ready to type */}
      <Link
        to="/friends"
        state={{ findSomeoneToAsk: true }}
        className={`btn btn-primary ${styles.ask}`}
        onClick={(event) => leaveOrAsk(event, () => void navigate('/friends', { state: { findSomeoneToAsk: true } }))}
      >
        <Send size={18} aria-hidden /> {t('askSomeone')}
      </Link>
    </nav>
  );
}

const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** A round user picture; alt text names the user so lists read well with a screen reader. */
export function Avatar({ src, name, size = 44 }: { src?: string | null; name: string; size?: number }) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={name}
      width={size}
      height={size}
      style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', flex: 'none', background: 'var(--color-surface-2)' }}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

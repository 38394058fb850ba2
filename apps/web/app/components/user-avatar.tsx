import { clsx } from 'clsx';
import { CircleUserRound } from 'lucide-react';

/** The user's picture from their sign-in provider, or a default icon. Decorative: the name is shown beside it. */
export function UserAvatar({
  avatar,
  size,
  className,
}: {
  avatar: string | null;
  /** Width and height in CSS pixels. */
  size: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  return avatar ? (
    <img
      src={avatar}
      alt=""
      width={size}
      height={size}
      style={style}
      referrerPolicy="no-referrer"
      className={clsx('shrink-0 rounded-full object-cover', className)}
    />
  ) : (
    <CircleUserRound
      aria-hidden="true"
      style={style}
      className={clsx('shrink-0 text-fg-muted', className)}
      strokeWidth={1.5}
    />
  );
}

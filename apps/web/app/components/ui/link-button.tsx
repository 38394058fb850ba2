import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button';

type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A router link that looks like a button. */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return (
    <Link
      className={buttonClasses({
        variant,
        size,
        className: typeof className === 'string' ? className : undefined,
      })}
      {...props}
    />
  );
}

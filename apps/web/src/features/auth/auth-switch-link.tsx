import { Link } from 'react-router';

/** "Don't have an account? Sign up" and its mirror. */
export function AuthSwitchLink({ prompt, label, to }: { prompt: string; label: string; to: string }) {
  return (
    <p className="mt-6 text-center text-sm text-fg-secondary">
      {prompt ? `${prompt} ` : null}
      <Link to={to} className="focus-ring rounded-sm font-medium text-accent hover:underline">
        {label}
      </Link>
    </p>
  );
}

import { Avatar } from '../../../components/ui/avatar';
import { useAuthedImage } from '../authed-images';

/**
 * The user's picture. One stored by this app is served behind the token, so it is fetched and
 * shown as a blob URL; until then (or if it fails) the initial shows.
 */
export function UserAvatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const { src: shown } = useAuthedImage(src ?? null);
  return <Avatar name={name} src={shown} className={className} />;
}

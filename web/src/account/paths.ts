// The sign-in page's addresses: where it comes back to, and the page's link to it.

// Where to go after signing in: a path of this site (never another site's address), else the lobby.
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/lobby';
  if (/^\/login(?:[/?#]|$)/.test(next)) return '/lobby';
  return next;
}

// The sign-in page's address, coming back to `path` afterwards.
export function loginHref(path: string = location.pathname + location.search): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

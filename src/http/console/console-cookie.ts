/** The cookie that carries a console session's token. */
export const CONSOLE_COOKIE = 'peermem_console';

/** The header each request made from the console carries, equal to its session's CSRF token. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** How long a console sign-in lasts: a working day, after which the key is asked for again. */
export const CONSOLE_SESSION_HOURS = 12;

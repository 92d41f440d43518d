import { spawn } from 'node:child_process';

/**
 * Opens a URL in the user's default browser with the system's own opener. The URL is one this
 * process made (http, a loopback host, a base64url token), so no quoting is at stake, and the
 * openers are those every desktop has: `open` on macOS, `xdg-open` elsewhere on Unix, and on
 * Windows the URL handler of rundll32, which takes the URL as one argument without a shell.
 */
export function openInBrowser(url: string): Promise<void> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', (error) => reject(new Error(`could not start ${command}: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

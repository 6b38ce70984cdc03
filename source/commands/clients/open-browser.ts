// Opens a URL in the user's browser with the system's opener; resolves false when there is none (the caller
// prints the link instead). Detached: the browser outlives the command.
import {spawn} from 'node:child_process';

const opener = (platform: NodeJS.Platform): [string, string[]] => {
	if (platform === 'darwin') {
		return ['open', []];
	}

	return platform === 'win32' ? ['cmd', ['/c', 'start', '""']] : ['xdg-open', []];
};

export async function openBrowser(url: string, platform = process.platform): Promise<boolean> {
	const [command, args] = opener(platform);
	return new Promise(resolve => {
		const child = spawn(command, [...args, url], {detached: true, stdio: 'ignore'});
		child.once('error', () => {
			resolve(false);
		});
		child.once('spawn', () => {
			child.unref();
			resolve(true);
		});
	});
}

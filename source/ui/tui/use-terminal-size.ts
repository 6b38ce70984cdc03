import {useEffect, useState} from 'react';
import {useStdout} from 'ink';

/** Columns and rows of the terminal, updated on resize (80x24 when unknown). */
export function useTerminalSize(): {columns: number; rows: number} {
	const {stdout} = useStdout();
	const read = () => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
	const [size, setSize] = useState(read);
	useEffect(() => {
		const onResize = () => {
			setSize(read());
		};

		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}

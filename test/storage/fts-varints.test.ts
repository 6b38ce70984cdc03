// SQLite's varints as FTS5 writes them in its records (daemon/engine/storage/embedded/sqlite/fts-varints.ts).
import test from 'ava';
import {readVarints, varintAt} from '../../daemon/engine/storage/embedded/sqlite/fts-varints.js';

test('a varint: one byte, two, nine (the ninth whole), and one cut short', t => {
	t.deepEqual(varintAt(Uint8Array.from([0x05]), 0), {value: 5, length: 1, complete: true});
	t.deepEqual(varintAt(Uint8Array.from([0x81, 0x00]), 0), {value: 128, length: 2, complete: true});
	t.deepEqual(varintAt(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xFF]), 0), {value: 255, length: 9, complete: true});
	t.deepEqual(varintAt(Uint8Array.from([0x07, 0x81]), 1), {value: 1, length: 1, complete: false});
	t.deepEqual(varintAt(Uint8Array.from([0x07]), 1), {value: 0, length: 0, complete: false});
});

test('a record\'s varints in order; a last one cut short counts as read so far', t => {
	t.deepEqual(readVarints(Uint8Array.from([0x03, 0x81, 0x00, 0x7F])), [3, 128, 127]);
	t.deepEqual(readVarints(Uint8Array.from([0x03, 0x81])), [3, 1]);
	t.deepEqual(readVarints(new Uint8Array()), []);
});

import test from 'ava';
import {recordedStamp, sameStamp, stampOf} from '../../daemon/engine/files/file-stamp.js';

const read = 1_700_000_100_000; // when a read started (ms)

test('a stamp is recorded for a file last changed well before its read', t => {
	t.deepEqual(stampOf({size: 10, mtimeMs: read - 60_000.5, ctimeMs: read - 30_000.25}, read), {size: 10, mtimeMs: read - 60_000.5, ctimeMs: read - 30_000.25});
});

test('no stamp for a file changed within its file system\'s time resolution of the read, or whose size was not what was read', t => {
	// Fine time stamps (ext4, XFS): a change 10 ms before the read could share its tick with one after it.
	t.is(stampOf({size: 10, mtimeMs: read - 60_000.5, ctimeMs: read - 10.5}, read), undefined);
	t.truthy(stampOf({size: 10, mtimeMs: read - 60_000.5, ctimeMs: read - 100.5}, read));
	// Whole seconds (ext3, FAT): the same second, or the one before, is too close.
	t.is(stampOf({size: 10, mtimeMs: read - 60_000, ctimeMs: read - 1000}, read), undefined);
	t.truthy(stampOf({size: 10, mtimeMs: read - 60_000, ctimeMs: read - 3000}, read));
	t.is(stampOf({size: 10, mtimeMs: read - 60_000.5, ctimeMs: read - 30_000.25}, read, 9), undefined, 'it shrank while it was read');
});

test('the same stamp is the same size, mtime and ctime; a document\'s stamp is known only when all three are', t => {
	const stamp = {size: 10, mtimeMs: 5.5, ctimeMs: 7.25};
	t.true(sameStamp(stamp, {...stamp}));
	t.false(sameStamp(stamp, {...stamp, size: 11}));
	t.false(sameStamp(stamp, {...stamp, mtimeMs: 5}));
	t.false(sameStamp(stamp, {...stamp, ctimeMs: 8}), 'an mtime set back (touch -r) leaves the ctime of the write');
	t.deepEqual(recordedStamp({fileSize: 10, mtimeMs: 5.5, ctimeMs: 7.25}), stamp);
	t.is(recordedStamp({fileSize: null, mtimeMs: 5.5, ctimeMs: null}), undefined);
});

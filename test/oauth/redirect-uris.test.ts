// Where /authorize may send the browser back: one of the client's registered addresses exactly (a loopback one may
// differ in its port: RFC 8252 7.3), never with a fragment or userinfo added, never a normalised look-alike.
import test from 'ava';
import {requestedRedirectProblem} from '../../daemon/oauth/redirect-uris.js';

const registered = ['http://127.0.0.1:5000/cb', 'https://app.example/cb?x=1'];

test('the registered address, or a loopback one on another port, is accepted', t => {
	for (const uri of ['http://127.0.0.1:5000/cb', 'http://127.0.0.1:6123/cb', 'http://127.0.0.1/cb', 'https://app.example/cb?x=1']) {
		t.is(requestedRedirectProblem(uri, registered), undefined, uri);
	}
});

test('a fragment, userinfo, another path, query, host or scheme, or a normalised look-alike is refused', t => {
	const refused = {
		'http://127.0.0.1:5000/cb#x': /fragment/,
		'http://127.0.0.1:5000/cb#': /fragment/,
		'http://user@127.0.0.1:5000/cb': /userinfo/,
		'http://@127.0.0.1:5000/cb': /userinfo/,
		'http://127.0.0.1:5000/cb/': /not one this client registered/,
		'http://127.0.0.1:5000/cb?': /not one this client registered/,
		'http://127.0.0.1:5000/x/../cb': /not one this client registered/,
		'http://localhost:5000/cb': /not one this client registered/,
		'https://app.example:444/cb?x=1': /not one this client registered/,
		'https://app.example/cb?x=2': /not one this client registered/,
		'https://evil@app.example/cb?x=1': /userinfo/,
	};
	for (const [uri, problem] of Object.entries(refused)) {
		t.regex(requestedRedirectProblem(uri, registered) ?? 'accepted', problem, uri);
	}
});

import test from 'ava';
import {isBoilerplate} from '../../daemon/engine/search/boilerplate.js';

test('tables of contents and bare link lists are boilerplate', t => {
	t.true(isBoilerplate('- [Summary](#summary)\n- [Motivation](#motivation)\n  - [Goals](#goals)\n  - [Non-Goals](#non-goals)'));
	t.true(isBoilerplate('1. [Install](install.md)\n2. [Usage](usage.md)'));
	t.true(isBoilerplate('[API call latency SLO](https://github.com/kubernetes/community/blob/master/sig-scalability/slos/api_call_latency.md)'));
	t.true(isBoilerplate('- [ ] [User Stories](#user-stories)\n- [x] [Design](#design)'));
	t.true(isBoilerplate('See: https://example.com/a https://example.com/b'));
});

test('placeholder answers are boilerplate', t => {
	for (const text of ['n/a', 'N/A.', 'No.', 'yes', 'TBD', '==TODO==', '*None*', '<!-- fill in -->', '']) {
		t.true(isBoilerplate(text), JSON.stringify(text));
	}
});

test('prose, also with links in it, is not', t => {
	t.false(isBoilerplate('Basil grows in the garden and wants sun all day.'));
	t.false(isBoilerplate('See the [install guide](install.md) before you configure the daemon.'));
	t.false(isBoilerplate('No, the kubelet keeps running pods while the API server is unavailable.'));
	t.false(isBoilerplate('- Tomatoes need sun\n- Basil needs water'));
	t.false(isBoilerplate('`n/a` is what the field holds when no value was given.'));
});

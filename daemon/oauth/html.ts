// The consent pages' HTML: escaped text, one stylesheet (allowed by a nonce), nothing that runs.
export const escapeHtml = (text: string) => text.replaceAll(/[&<>"']/g, character => `&#${character.codePointAt(0)!};`);

const style = `
body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:2.5rem auto;padding:0 1rem;color:#1d2330;background:#f6f7f9}
main{background:#fff;border:1px solid #d9dde5;border-radius:10px;padding:1.5rem 2rem}
h1{font-size:1.35rem;margin:.2rem 0 1rem}code{background:#eef0f4;padding:.1rem .3rem;border-radius:4px}
fieldset{border:1px solid #d9dde5;border-radius:8px;margin:1rem 0;padding:.6rem 1rem}legend{font-weight:600;padding:0 .3rem}
label{display:block;margin:.25rem 0}.indent{margin-left:1.6rem}.muted{color:#5b6475;font-size:.9rem}
.error{background:#fdecec;border:1px solid #f3b5b5;padding:.5rem .8rem;border-radius:6px}
button{font:inherit;padding:.5rem 1.3rem;border-radius:6px;border:1px solid #9aa3b5;background:#fff;margin-right:.6rem;cursor:pointer}
button.allow{background:#1f6feb;border-color:#1f6feb;color:#fff}input[type=password]{font:inherit;padding:.3rem;width:60%}
`;

export function page(title: string, nonce: string, body: string): string {
	return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">'
		+ `<title>${escapeHtml(title)}</title><style nonce="${nonce}">${style}</style></head><body><main>${body}</main></body></html>`;
}

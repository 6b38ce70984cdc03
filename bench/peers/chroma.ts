// A Chroma server (chromadb from the Python package registry, in .cache/peers) driven over its HTTP API.
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {execa, type ResultPromise} from 'execa';
import {poll} from '../../source/client/poll.js';

const binary = path.resolve('.cache', 'peers', 'chroma-venv', 'bin', 'chroma');

export class ChromaServer {
	static async start(dataDir: string, port: number): Promise<ChromaServer> {
		const process = execa(binary, ['run', '--path', dataDir, '--host', '127.0.0.1', '--port', String(port)], {reject: false, stdio: 'ignore'});
		const server = new ChromaServer(process, `http://127.0.0.1:${port}/api/v2`);
		const up = await poll(async () => (await fetch(`${server.base}/heartbeat`).then(response => response.ok, () => false)) || undefined, 60_000);
		if (!up) {
			await server.stop();
			throw new Error(`chroma did not answer on port ${port} within 60 s`);
		}

		return server;
	}

	private constructor(private readonly process: ResultPromise, private readonly base: string) {
		// Started by start(), which waits for the server's heartbeat.
	}

	/** A collection with inner-product distance (md-vector's vectors are unit length); returns its id. */
	async createCollection(name: string): Promise<string> {
		const {id} = await this.post('/tenants/default_tenant/databases/default_database/collections', {name, metadata: {'hnsw:space': 'ip'}}) as {id: string};
		return id;
	}

	async add(collection: string, ids: string[], embeddings: Float32Array[]): Promise<void> {
		await this.post(`/tenants/default_tenant/databases/default_database/collections/${collection}/add`, {ids, embeddings: embeddings.map(vector => [...vector])});
	}

	/** One query, top k: the ids and the HTTP round trip in ms. */
	async query(collection: string, vector: Float32Array, k: number): Promise<{ids: string[]; ms: number}> {
		const started = performance.now();
		const {ids} = await this.post(`/tenants/default_tenant/databases/default_database/collections/${collection}/query`, {query_embeddings: [[...vector]], n_results: k, include: ['distances']}) as {ids: string[][]};
		return {ids: ids[0]!, ms: performance.now() - started};
	}

	async stop(): Promise<void> {
		this.process.kill('SIGTERM');
		await this.process;
	}

	private async post(route: string, body: unknown): Promise<unknown> {
		const response = await fetch(`${this.base}${route}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
		const text = await response.text();
		if (!response.ok) {
			throw new Error(`chroma ${route}: ${response.status} ${text.slice(0, 300)}`);
		}

		return JSON.parse(text);
	}
}

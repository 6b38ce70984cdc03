// A request body as the daemon's schema takes it (common/requests/, common/search-contract.ts): what may be
// sent, defaults left out, read-only throughout since the client only sends it. The schemas are imported as
// types only, so the command's bundle loads none of them.
import type {z} from 'zod';

type Sent<T> = T extends ReadonlyArray<infer Item> ? ReadonlyArray<Sent<Item>> : (T extends object ? {readonly [Key in keyof T]: Sent<T[Key]>} : T);

export type RequestBody<Schema extends z.ZodType> = Sent<z.input<Schema>>;

import React from 'react';
import {Tui} from '../ui/tui/tui.js';

export const isDefault = true;

export const description = `Turn folders of Markdown into a fast local search index. With no command: the terminal UI (? lists its keys).

Example:
  md-vector                 # the terminal UI, on the collection used last
  md-vector -C keps         # the terminal UI on the collection 'keps'
  md-vector search "query"  # one-shot commands: see below
  md-vector mcp             # an MCP server on stdin/stdout for AI assistants (md-vector mcp --help)`;

/**
 * `md-vector`: the terminal UI. cli.tsx mounts it itself with its `-C NAME` (tui-arguments.ts): as pastel's root
 * options they would be taken out of every command's arguments too.
 */
export default function Index() {
	return <Tui/>;
}

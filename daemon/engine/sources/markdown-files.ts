/** The file names md-vector indexes: Markdown by extension. */
export const markdownExtension = /\.(md|markdown|mdx)$/i;

export const isMarkdownName = (name: string) => markdownExtension.test(name);

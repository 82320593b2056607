// Fastify's own symbols (not in its public types): security-headers.ts sets a reply's headers object at once.
declare module 'fastify/lib/symbols.js' {
  const symbols: { kReplyHeaders: symbol };
  export default symbols;
}

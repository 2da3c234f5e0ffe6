/** Import cycles in the two apps fail `npm run lint` (docs/adr/0107-layers-and-cycles.md). */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle: a piece both sides need moves to the lower layer (docs/adr/0107-layers-and-cycles.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    // Type-only imports count: a cycle through a type is still two files that need each other.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

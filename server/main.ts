// Entry point. React and React Router pick their production or development build when first imported,
// so NODE_ENV must be set before any of them loads: hence no static imports here.
process.env.NODE_ENV ??= 'production';
await import('./start.ts');

export {};

// Money as the API answers it moved to shared/money.ts (finance and reports both answer it).
export * from '#shared/money';

// Schemas and types of finances (issue 6).
export {};

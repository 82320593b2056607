// Schemas and types of storage (issue 6).
export {};

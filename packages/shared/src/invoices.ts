// Schemas and types of invoices (issue 6).
export {};

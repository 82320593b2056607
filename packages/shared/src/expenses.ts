// Schemas and types of expenses (issue 6).
export {};

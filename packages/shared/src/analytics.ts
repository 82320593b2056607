// Schemas and types of analytics (issue 6).
export {};

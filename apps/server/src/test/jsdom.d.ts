// jsdom (the web tests' DOM, a dev dependency) reads HTML and XML back in server tests, as a browser or a crawler
// would; its types are not installed, and these tests only read attributes and text.
declare module 'jsdom';

/** The package version, reported to MCP clients (a test keeps it equal to package.json). */
export const VERSION = '0.1.0';

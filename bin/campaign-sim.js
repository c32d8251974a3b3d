#!/usr/bin/env node
// Entry of the `campaign-sim` command: the compiled CLI lives in dist/ (npm run build).
import { runCli } from '../dist/cli/main.js';

runCli(process.argv).then((code) => { process.exitCode = code; });

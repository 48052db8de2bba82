// $BROWSER for the terminal tests: records the URL it was asked to open in $MCPKIT_TEST_OPENED.
import { appendFileSync } from "node:fs";

appendFileSync(process.env.MCPKIT_TEST_OPENED, `${process.argv[2]}\n`);

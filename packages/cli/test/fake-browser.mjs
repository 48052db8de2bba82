// $BROWSER for the login tests: hands the authorization URL to the test, which plays the browser
// (the test authorization server's automated login and consent, then the redirect back).
const response = await fetch(process.env.MCPKIT_TEST_BROWSER_HOOK, { method: "POST", body: process.argv[2] });
process.exitCode = response.ok ? 0 : 1;

// Loaded by Pulumi's `run-plugin` (PulumiPlugin.yaml): the exported function starts the plugin, which prints its port.
"use strict";
module.exports = require("../dist/provider/plugin/main.js").main;

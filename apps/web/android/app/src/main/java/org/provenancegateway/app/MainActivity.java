package org.provenancegateway.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}

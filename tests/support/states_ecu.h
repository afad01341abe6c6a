/* SPDX-License-Identifier: Apache-2.0 */
/* An ECU whose services need states and enter them, for the tests of the SOVD view's
 * required states: ECU "STATES", base variant "V" with the charts Session (SESSION: Default,
 * Extended, Programming) and SecurityAccess (SECURITY: Locked, Level_1). 10 03 enters
 * Extended, 10 02 Programming; 27 02 (seed 27 01, both in Extended) enters Level_1; the VIN's
 * write 2E F190 needs Extended and Level_1, the routine FF00's start 31 01 FF00 needs
 * Programming and Level_1, the routine 0202's start needs Default, which no service enters;
 * the VIN's read 22 F190 needs nothing. Header-only. */
#ifndef MDD_TEST_STATES_ECU_H
#define MDD_TEST_STATES_ECU_H

#include "ecu_builder.h"

static const eb_chart states_charts[] = {
    {.name = "Session", .semantic = "SESSION",
     .states = {"Default", "Extended", "Programming"}, .state_count = 3,
     .transitions = {{"Default_Extended", "Default", "Extended"},
                     {"Default_Programming", "Default", "Programming"}},
     .transition_count = 2},
    {.name = "SecurityAccess", .semantic = "SECURITY", .states = {"Locked", "Level_1"},
     .state_count = 2, .transitions = {{"Locked_Level_1", "Locked", "Level_1"}},
     .transition_count = 1},
};

/* A service of a one-byte SID and an identifier of bits bits (decimal coded values). */
#define STATES_SERVICE(svc_name, sid, id, bits)                                               \
    .name = (svc_name), .params = {EB_CONST(sid, 8, EB_ABSENT), EB_CONST(id, bits, 1)},       \
    .param_count = 2

static const eb_service states_services[] = {
    {STATES_SERVICE("ExtendedSession_Start", "16", "3", 8),
     .triggers = {{"Default_Extended", "Default", "Extended"}}, .trigger_count = 1},
    {STATES_SERVICE("ProgrammingSession_Start", "16", "2", 8),
     .triggers = {{"Default_Programming", "Default", "Programming"}}, .trigger_count = 1},
    {STATES_SERVICE("RequestSeed_Level_1", "39", "1", 8), .pre_states = {"Extended"},
     .pre_state_count = 1},
    {STATES_SERVICE("SendKey_Level_1", "39", "2", 8), .pre_states = {"Extended"},
     .pre_state_count = 1, .triggers = {{"Locked_Level_1", "Locked", "Level_1"}},
     .trigger_count = 1},
    {STATES_SERVICE("VIN_Read", "34", "61840", 16)},
    {STATES_SERVICE("VIN_Write", "46", "61840", 16), .pre_states = {"Extended", "Level_1"},
     .pre_state_count = 2},
    {STATES_SERVICE("Erase_Start", "49", "130816", 24), /* 31 01 FF00 */
     .pre_states = {"Programming", "Level_1"}, .pre_state_count = 2},
    {STATES_SERVICE("Check_Start", "49", "66050", 24), /* 31 01 0202 */
     .pre_states = {"Default"}, .pre_state_count = 1},
};

static const eb_layer states_layers[] = {
    {.kind = EB_VARIANT, .name = "V", .is_base = 1, .services = states_services,
     .service_count = sizeof states_services / sizeof states_services[0],
     .charts = states_charts, .chart_count = 2},
};

static const eb_ecu states_ecu = {.name = "STATES", .layers = states_layers, .layer_count = 1};

#endif

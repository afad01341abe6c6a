/* Views of services and jobs: DiagService, SingleEcuJob, their shared DiagComm, and the
 * Request and Response messages. */
#include "view_macros.h"

VIEW_TABLE(diag_service, diag_comm, diag_comm, DIAG_SERVICE_DIAG_COMM)
VIEW_TABLE(diag_service, request, request, DIAG_SERVICE_REQUEST)
VIEW_VEC(diag_service, pos_responses, response, DIAG_SERVICE_POS_RESPONSES)
VIEW_VEC(diag_service, neg_responses, response, DIAG_SERVICE_NEG_RESPONSES)
VIEW_BOOL(diag_service, is_cyclic, DIAG_SERVICE_IS_CYCLIC, 0)
VIEW_BOOL(diag_service, is_multiple, DIAG_SERVICE_IS_MULTIPLE, 0)
VIEW_U8(diag_service, addressing, DIAG_SERVICE_ADDRESSING, MDD_ADDRESSING_FUNCTIONAL)
VIEW_U8(diag_service, transmission_mode, DIAG_SERVICE_TRANSMISSION_MODE,
        MDD_TRANSMISSION_SEND_ONLY)

VIEW_TABLE(single_ecu_job, diag_comm, diag_comm, SINGLE_ECU_JOB_DIAG_COMM)

VIEW_STRING(diag_comm, short_name, DIAG_COMM_SHORT_NAME)
VIEW_TABLE(diag_comm, long_name, long_name, DIAG_COMM_LONG_NAME)
VIEW_STRING(diag_comm, semantic, DIAG_COMM_SEMANTIC)
VIEW_VEC(diag_comm, funct_classes, funct_class, DIAG_COMM_FUNCT_CLASS)
VIEW_TABLE(diag_comm, sdgs, sdgs, DIAG_COMM_SDGS)
VIEW_U8(diag_comm, diag_class_type, DIAG_COMM_DIAG_CLASS_TYPE, MDD_DIAG_CLASS_START_COMM)
VIEW_VEC(diag_comm, protocols, protocol, DIAG_COMM_PROTOCOLS)
VIEW_BOOL(diag_comm, is_mandatory, DIAG_COMM_IS_MANDATORY, 0)
VIEW_BOOL(diag_comm, is_executable, DIAG_COMM_IS_EXECUTABLE, 1)
VIEW_BOOL(diag_comm, is_final, DIAG_COMM_IS_FINAL, 0)

VIEW_STRING(long_name, value, LONG_NAME_VALUE)
VIEW_STRING(long_name, ti, LONG_NAME_TI)
VIEW_STRING(funct_class, short_name, FUNCT_CLASS_SHORT_NAME)

VIEW_VEC(request, params, param, REQUEST_PARAMS)
VIEW_TABLE(request, sdgs, sdgs, REQUEST_SDGS)

VIEW_U8(response, response_type, RESPONSE_RESPONSE_TYPE, MDD_RESPONSE_POS_RESPONSE)
VIEW_VEC(response, params, param, RESPONSE_PARAMS)
VIEW_TABLE(response, sdgs, sdgs, RESPONSE_SDGS)

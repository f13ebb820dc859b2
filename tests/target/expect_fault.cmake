# ctest helper: run a program that must fault and check the board's fault report.
#   cmake -DEMULATOR=<emulator command, arguments separated by |> -DPROGRAM=<elf> -DARGS=<arg> -DSTATUS=<exit status>
#         -DEXPECT=<regex~regex~...> -P expect_fault.cmake
# Passes when the program exits with STATUS (128 + the exception number) and its output
# matches every regex.
string(REPLACE "|" ";" _emulator "${EMULATOR}")
string(REPLACE "~" ";" _expect "${EXPECT}")
execute_process(COMMAND ${_emulator} "${PROGRAM}" ${ARGS}
                RESULT_VARIABLE _status
                OUTPUT_VARIABLE _out
                ERROR_VARIABLE _err)
message("${_out}${_err}")
if(NOT "${_status}" STREQUAL "${STATUS}")
    message(FATAL_ERROR "expected exit status ${STATUS}, got '${_status}'")
endif()
foreach(_re IN LISTS _expect)
    if(NOT "${_out}${_err}" MATCHES "${_re}")
        message(FATAL_ERROR "fault report does not match '${_re}'")
    endif()
endforeach()
message("fault report as expected (status ${_status})")

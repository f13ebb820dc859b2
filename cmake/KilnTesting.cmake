# kiln_add_test(NAME <name> SOURCES <files...> [CASES <shared vector cases...>] [TIMEOUT <s>]
#               [LABELS <labels...>] [WILL_FAIL])
# Builds one test program linked with the library, the harness, the board support and the
# reference, generates C headers for the named shared vector cases, and registers it with ctest.
# On a cross build ctest runs it through CMAKE_CROSSCOMPILING_EMULATOR (QEMU).
include(${PROJECT_SOURCE_DIR}/tests/vectors/KilnVectors.cmake)

function(kiln_add_test)
    cmake_parse_arguments(T "WILL_FAIL" "NAME;TIMEOUT" "SOURCES;CASES;LABELS" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    set_target_properties(${T_NAME} PROPERTIES C_STANDARD 11)
    target_link_libraries(${T_NAME} PRIVATE kiln kiln_reference kiln_test_harness kiln_board)
    kiln_apply_warnings(${T_NAME})
    if(T_CASES)
        kiln_test_vectors(TARGET ${T_NAME} CASES ${T_CASES})
    endif()
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 600)
    endif()
    set_tests_properties(${T_NAME} PROPERTIES TIMEOUT ${T_TIMEOUT})
    if(T_LABELS)
        set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}")
    endif()
    if(T_WILL_FAIL)
        set_tests_properties(${T_NAME} PROPERTIES WILL_FAIL TRUE)
    endif()
endfunction()

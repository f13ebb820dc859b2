# kiln_test_vectors(TARGET <target> CASES <case>...)
#
# Generates, at build time, one C header per named shared test-vector case,
#     <build dir of the calling folder>/<target>_vectors/kiln_vectors/<case>.h
# from ${KILN_SHARED_DIR}/testvectors/cmsis-nn/<case>.json with tests/vectors/gen_vectors.py,
# adds that directory to the target's include path (so sources write
# #include "kiln_vectors/<case>.h") and makes the target's compilation wait for the headers.
# Only the named cases are generated, and nothing is written into the source tree.
# The header format is described at the top of gen_vectors.py.

set(KILN_VECTORS_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/gen_vectors.py"
    CACHE INTERNAL "Kiln test-vector header generator")

function(kiln_test_vectors)
    cmake_parse_arguments(V "" "TARGET" "CASES" ${ARGN})
    if(V_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "kiln_test_vectors: unexpected arguments: ${V_UNPARSED_ARGUMENTS}")
    endif()
    if(NOT V_TARGET OR NOT TARGET ${V_TARGET})
        message(FATAL_ERROR "kiln_test_vectors: TARGET must name an existing target (got '${V_TARGET}')")
    endif()
    if(NOT V_CASES)
        message(FATAL_ERROR "kiln_test_vectors(${V_TARGET}): no CASES given")
    endif()
    if(NOT Python3_EXECUTABLE)
        message(FATAL_ERROR "kiln_test_vectors(${V_TARGET}): Python3_EXECUTABLE is not set "
                            "(the top-level CMakeLists.txt runs find_package(Python3))")
    endif()

    set(_vectors "${KILN_SHARED_DIR}/testvectors")
    set(_root "${CMAKE_CURRENT_BINARY_DIR}/${V_TARGET}_vectors")
    set(_headers "")
    set(_jsons "")
    list(REMOVE_DUPLICATES V_CASES)
    foreach(_case IN LISTS V_CASES)
        if(NOT _case MATCHES "^[A-Za-z0-9_][A-Za-z0-9_.+-]*$")
            message(FATAL_ERROR "kiln_test_vectors(${V_TARGET}): '${_case}' is not a valid case name")
        endif()
        set(_json "${_vectors}/cmsis-nn/${_case}.json")
        if(NOT EXISTS "${_json}")
            message(FATAL_ERROR
                "kiln_test_vectors(${V_TARGET}): no shared test-vector case '${_case}': "
                "${_json} does not exist. Check the case name against "
                "${_vectors}/index.json (KILN_SHARED_DIR=${KILN_SHARED_DIR}).")
        endif()
        list(APPEND _jsons "${_json}")
        list(APPEND _headers "${_root}/kiln_vectors/${_case}.h")
    endforeach()

    list(LENGTH V_CASES _count)
    add_custom_command(
        OUTPUT ${_headers}
        COMMAND "${Python3_EXECUTABLE}" "${KILN_VECTORS_SCRIPT}"
                --vectors "${_vectors}" --outdir "${_root}" ${V_CASES}
        DEPENDS "${KILN_VECTORS_SCRIPT}" ${_jsons}
        COMMENT "Generating ${_count} test-vector header(s) for ${V_TARGET}"
        VERBATIM)
    # Listing the generated headers as sources attaches the command to this target only and
    # orders it before the target's compilation.
    target_sources(${V_TARGET} PRIVATE ${_headers})
    set_source_files_properties(${_headers} PROPERTIES GENERATED TRUE HEADER_FILE_ONLY TRUE)
    target_include_directories(${V_TARGET} PRIVATE "${_root}")
endfunction()

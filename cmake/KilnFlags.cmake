# Warning and sanitizer flags shared by the library, the tests and the tools.
function(kiln_apply_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
    if(KILN_SANITIZE AND NOT CMAKE_CROSSCOMPILING)
        target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=all
                                                 -fno-omit-frame-pointer)
        target_link_options(${target} PUBLIC -fsanitize=address,undefined)
    endif()
endfunction()
